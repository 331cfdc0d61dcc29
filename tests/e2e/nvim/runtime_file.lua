-- Neovim 0.11's way without the plugin's setup(): the runtime file lsp/jaxerr.lua supplies the
-- configuration, vim.lsp.enable("jaxerr") starts the real server for a Python buffer, rooted
-- at the project.
local H =
  dofile(vim.fs.joinpath(vim.fs.dirname(debug.getinfo(1, "S").source:sub(2)), "helpers.lua"))

local project = H.env("JAXERR_NVIM_PROJECT")
local python = H.env("JAXERR_NVIM_PYTHON")
H.check(vim.lsp.config ~= nil, "this Neovim has no vim.lsp.config (0.11+)")
local from_file = vim.lsp.config.jaxerr
H.check(from_file ~= nil, "lsp/jaxerr.lua was not found on 'runtimepath'")
H.check(
  vim.deep_equal(from_file.filetypes, { "python" }),
  "filetypes from the runtime file: %s",
  vim.inspect(from_file.filetypes)
)
-- The server of this checkout, not a `jaxerr-ls` on PATH.
vim.lsp.config("jaxerr", { cmd = { python, "-m", "jaxerr_ls", "serve" } })
vim.lsp.enable("jaxerr")
vim.cmd.cd(vim.fn.fnameescape(project))
local _, client = H.edit_and_attach(vim.fs.joinpath(project, "scripts", "hijax_vjp_bwd_return.py"))
H.check(
  client.config.root_dir == project,
  "root_dir is %s, not the project %s",
  tostring(client.config.root_dir),
  project
)
H.check(
  client.server_capabilities.hoverProvider,
  "the server that attached does not offer hovers"
)
H.log("OK")
vim.cmd("qa!")
