import sys
from pathlib import Path

# Let the test modules import tests/helpers.py as `helpers`.
sys.path.insert(0, str(Path(__file__).parent))
