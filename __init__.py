"""Not the package: the top folder of a wordle_opt source checkout.

Python imports this file only when it runs from the folder above a checkout
whose folder is named ``wordle_opt``: that folder then shadows the installed
package (which is ``wordle_opt/wordle_opt``), and everything failed later with
"module 'wordle_opt' has no attribute 'score'".  One line says why instead
(SystemExit: no traceback from ``python -m wordle_opt`` or a script).
"""

import os
import sys

# (pytest imports this file too, as the package of the tests' folders, under another name)
if __name__ == "wordle_opt":
    print(
        f"error: {os.path.dirname(os.path.abspath(__file__))} is a wordle_opt source checkout, not the package; "
        "it shadows the installed wordle_opt because Python runs from the folder above it: "
        "run from another folder, or inside the checkout",
        file=sys.stderr,
    )
    raise SystemExit(2)
