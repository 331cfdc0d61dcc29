"""jaxerr-ls: JAX autodiff errors as located, explained diagnostics for editors and terminals."""

__version__ = "0.1.0"
