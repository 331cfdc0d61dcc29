"""Entry point for ``python -m jaxerr_ls``."""

import sys

from jaxerr_ls.cli import main

sys.exit(main())
