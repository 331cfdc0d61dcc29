"""Entry point for ``python -m jaxerr_ls``."""

import sys

from jaxerr_ls.launch import main

sys.exit(main())
