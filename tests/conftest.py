import sys
from pathlib import Path

# Let the test modules import tests/helpers.py as `helpers`.
sys.path.insert(0, str(Path(__file__).parent))
# The packages themselves first: tests/sunofyork would otherwise be found as a namespace
# package named `sunofyork` before the editable install's finder is asked.
sys.path.insert(0, str(Path(__file__).parent.parent / "src"))
