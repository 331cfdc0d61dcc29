-- jaxerr-ls for Neovim 0.11+ without a setup() call: with this folder on 'runtimepath',
-- `vim.lsp.enable("jaxerr")` starts the server for Python buffers. Change any field with
-- `vim.lsp.config("jaxerr", { ... })` (e.g. `cmd`, or the server's settings in `init_options`).
return {
  cmd = { "jaxerr-ls", "serve" },
  filetypes = { "python" },
  root_markers = { "pyproject.toml", "setup.py", "setup.cfg", ".git" },
  init_options = { jaxerr = {} },
  settings = { jaxerr = {} },
}
