-- The commands exist as soon as the plugin is on 'runtimepath'; require("jaxerr").setup() starts
-- the server for Python buffers.
if vim.g.loaded_jaxerr then
  return
end
vim.g.loaded_jaxerr = true

if vim.fn.has("nvim-0.10") == 0 then
  vim.notify("jaxerr: Neovim 0.10 or later is needed", vim.log.levels.WARN)
  return
end

require("jaxerr").create_commands()
