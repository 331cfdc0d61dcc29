-- Shared by the Neovim test scripts: inputs from the environment, waiting with a deadline, and
-- failing with a message (the Python test prints it).
local H = {}

function H.fail(message)
  io.stderr:write("FAIL: " .. message .. "\n")
  io.stderr:flush()
  os.exit(1)
end

function H.check(condition, message, ...)
  if not condition then
    H.fail(message:format(...))
  end
end

function H.env(name)
  local value = os.getenv(name)
  H.check(value and value ~= "", "environment variable %s is not set", name)
  return value
end

function H.log(message, ...)
  io.stdout:write(message:format(...) .. "\n")
  io.stdout:flush()
end

--- Wait until `condition()` returns a true value, or fail saying what was awaited.
function H.wait_for(what, condition, timeout_ms)
  local result
  local ok = vim.wait(timeout_ms or 30000, function()
    result = condition()
    return result and true or false
  end, 50)
  H.check(ok, "timed out after %d ms waiting for %s", timeout_ms or 30000, what)
  return result
end

function H.read(path)
  local file = assert(io.open(path, "r"))
  local text = file:read("*a")
  file:close()
  return text
end

--- 0-based number of the line of `path` carrying the marker `# jaxerr-<kind>: <code>`.
function H.marker_line(path, kind, code)
  local number = 0
  for line in (H.read(path) .. "\n"):gmatch("([^\n]*)\n") do
    if line:find("# jaxerr-" .. kind .. ": " .. code, 1, true) then
      return number
    end
    number = number + 1
  end
  H.fail(("no marker jaxerr-%s: %s in %s"):format(kind, code, path))
end

--- The plugin, set up to start the server with the test's Python.
function H.setup_plugin(extra)
  local python = H.env("JAXERR_NVIM_PYTHON")
  local jaxerr = require("jaxerr")
  jaxerr.setup(
    vim.tbl_extend("force", { cmd = { python, "-m", "jaxerr_ls", "serve" } }, extra or {})
  )
  return jaxerr
end

--- Edit a file and wait for the jaxerr client to attach to it and finish initializing.
function H.edit_and_attach(path)
  vim.cmd.edit(vim.fn.fnameescape(path))
  local bufnr = vim.api.nvim_get_current_buf()
  H.check(
    vim.bo[bufnr].filetype == "python",
    "filetype of %s is %q, not python",
    path,
    vim.bo[bufnr].filetype
  )
  local client = H.wait_for("jaxerr-ls to attach to " .. path, function()
    local clients = vim.lsp.get_clients({ bufnr = bufnr, name = "jaxerr" })
    return clients[1] and clients[1].initialized and clients[1]
  end, 60000)
  return bufnr, client
end

function H.jaxerr_diagnostics(bufnr, code)
  return vim.tbl_filter(function(d)
    return d.source == "jaxerr" and (code == nil or d.code == code)
  end, vim.diagnostic.get(bufnr))
end

--- Run a Python program of the project with real JAX; returns the vim.system result.
function H.run_python(project, args, timeout_ms)
  local python = H.env("JAXERR_NVIM_PYTHON")
  local result = vim
    .system(vim.list_extend({ python }, args), {
      cwd = project,
      env = { JAX_PLATFORMS = "cpu", PYTHONPATH = project, PYTHONDONTWRITEBYTECODE = "1" },
      text = true,
    })
    :wait(timeout_ms or 300000)
  H.check(
    result.signal == 0 or result.signal == nil,
    "%s was killed (signal %s): timed out?",
    table.concat(args, " "),
    tostring(result.signal)
  )
  return result
end

return H
