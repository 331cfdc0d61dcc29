"""jaxerr-ls: JAX autodiff errors as located, explained diagnostics for editors and terminals."""

import os

__version__ = "0.1.0"

# The package's folder, where its data (``data/``) is shipped: from this file, not through
# importlib.resources, whose import and readers cost about 20 ms of every start, for the same
# folder (the data is read as files either way).
PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
