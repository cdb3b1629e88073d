import sys
from pathlib import Path

# Let Sun of York's test modules import tests/sunofyork/soy_helpers.py.
sys.path.insert(0, str(Path(__file__).parent))
