--- jaxerr-ls for Neovim: starts the server for Python buffers, sends it the output of runs, and
--- shows each diagnostic's record code and link.
local M = {}

M.name = "jaxerr"

local defaults = {
  -- How to start the server, e.g. { "/path/to/python", "-m", "jaxerr_ls", "serve" }.
  cmd = { "jaxerr-ls", "serve" },
  filetypes = { "python" },
  root_markers = { "pyproject.toml", "setup.py", "setup.cfg", ".git" },
  -- The server's settings (README "Configuration"), sent as initializationOptions and as the
  -- `jaxerr` section of workspace/configuration.
  settings = {},
  -- What :JaxErrRun runs in the project's root; its arguments are appended.
  run_cmd = { "pytest", "--jaxerr" },
  -- The window :JaxErrRun opens.
  run_split = "botright 15split",
  -- Append " [code]" and the record's link to jaxerr diagnostics in floats (and in virtual text
  -- where that is enabled): Neovim does not show an LSP diagnostic's codeDescription.
  show_code = true,
  -- Start the server for Python buffers (false: only define the commands).
  autostart = true,
}

M.config = vim.deepcopy(defaults)

local has_011 = vim.fn.has("nvim-0.11") == 1

local function notify(message, level)
  vim.notify("jaxerr: " .. message, level or vim.log.levels.INFO)
end

--- The settings object as the server reads it: under the key `jaxerr`.
local function server_settings()
  local settings = M.config.settings
  -- An empty table would be sent as a JSON list.
  if next(settings) == nil then
    settings = vim.empty_dict()
  end
  return { jaxerr = settings }
end

--- The client configuration for vim.lsp.config / vim.lsp.start.
function M.client_config()
  return {
    name = M.name,
    cmd = M.config.cmd,
    filetypes = M.config.filetypes,
    root_markers = M.config.root_markers,
    init_options = server_settings(),
    settings = server_settings(),
  }
end

-- Diagnostics ---------------------------------------------------------------------------------

--- The link of a jaxerr diagnostic's record, from the LSP diagnostic's codeDescription.
function M.diagnostic_link(diagnostic)
  local lsp = diagnostic.user_data and diagnostic.user_data.lsp
  local description = lsp and lsp.codeDescription
  return description and description.href or nil
end

function M.is_jaxerr(diagnostic)
  return diagnostic.source == "jaxerr"
end

--- The culprits of a jaxerr error diagnostic ("Culprit: custom_vjp.bwd `f` (model/ops.py:19)",
--- then why when the server knows), from the fix target in the diagnostic's data; none for a
--- culprit's own diagnostic.
function M.diagnostic_culprits(diagnostic)
  local lsp = diagnostic.user_data and diagnostic.user_data.lsp
  local data = lsp and lsp.data
  local target = type(data) == "table" and data.target or nil
  if type(target) ~= "table" or data.role == "culprit" or type(target.culprits) ~= "table" then
    return {}
  end
  local lines = {}
  for _, culprit in ipairs(target.culprits) do
    local span = type(culprit.span) == "table" and culprit.span or {}
    local place = vim.fn.fnamemodify(tostring(span.path or ""), ":~:.")
    local line = ("Culprit: %s `%s` (%s:%s)"):format(culprit.kind, culprit.name, place, span.line)
    if type(culprit.why) == "string" and culprit.why ~= "" then
      line = line .. ": " .. culprit.why
    end
    table.insert(lines, line)
  end
  return lines
end

--- A jaxerr diagnostic's text as the float shows it, in the order of the hover: the message with
--- its code, the record's one-line meaning (the message's second line), the culprits, the link.
function M.format_diagnostic(diagnostic)
  local text = diagnostic.message
  if diagnostic.code then
    local first, rest = text:match("^([^\n]*)(.*)$")
    text = ("%s [%s]%s"):format(first, diagnostic.code, rest)
  end
  local lines = { text }
  vim.list_extend(lines, M.diagnostic_culprits(diagnostic))
  local link = M.diagnostic_link(diagnostic)
  if link then
    table.insert(lines, link)
  end
  return table.concat(lines, "\n")
end

local function first_line_with_code(diagnostic)
  local first = diagnostic.message:match("^[^\n]*")
  if diagnostic.code then
    first = ("%s [%s]"):format(first, diagnostic.code)
  end
  return first
end

local float_configured = false

--- Wrap the float's format so that jaxerr diagnostics show their code and link, keeping what the
--- user configured for every other diagnostic.
local function configure_float()
  if float_configured or not M.config.show_code then
    return
  end
  float_configured = true
  local float = vim.diagnostic.config().float
  if float == false then
    return
  end
  float = type(float) == "table" and float or {}
  local user_format = float.format
  float.format = function(diagnostic)
    if M.is_jaxerr(diagnostic) then
      return M.format_diagnostic(diagnostic)
    end
    if user_format then
      return user_format(diagnostic)
    end
    return diagnostic.message
  end
  vim.diagnostic.config({ float = float })
end

--- Virtual text and signs use the namespace's configuration: add the code to the virtual text of
--- this client's namespaces where virtual text is on.
local function configure_namespaces(client_id)
  if not M.config.show_code then
    return
  end
  local virtual_text = vim.diagnostic.config().virtual_text
  if not virtual_text then
    return
  end
  virtual_text = type(virtual_text) == "table" and vim.deepcopy(virtual_text) or {}
  local user_format = virtual_text.format
  virtual_text.format = function(diagnostic)
    if M.is_jaxerr(diagnostic) then
      return first_line_with_code(diagnostic)
    end
    return user_format and user_format(diagnostic) or diagnostic.message
  end
  for _, is_pull in ipairs({ false, true }) do
    vim.diagnostic.config(
      { virtual_text = virtual_text },
      vim.lsp.diagnostic.get_namespace(client_id, is_pull)
    )
  end
end

-- Clients -------------------------------------------------------------------------------------

local function get_clients(filter)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients(filter)
  end
  return vim.lsp.get_active_clients(filter)
end

local function contains(root, path)
  if not root or not path then
    return false
  end
  root = vim.fs.normalize(root)
  path = vim.fs.normalize(path)
  return path == root or path:sub(1, #root + 1) == root .. "/"
end

--- The project root of a buffer (or of the current folder): the nearest marker's folder.
function M.root_for(bufnr)
  bufnr = bufnr or 0
  local name = vim.api.nvim_buf_get_name(bufnr)
  local start = (name ~= "" and vim.bo[bufnr].buftype == "") and vim.fs.dirname(name)
    or vim.fn.getcwd()
  local found = vim.fs.find(M.config.root_markers, { path = start, upward = true })[1]
  return found and vim.fs.dirname(found) or vim.fn.getcwd()
end

--- The jaxerr client for a folder: the one whose root holds it, else any; started if none runs.
function M.client_for(dir)
  local clients = get_clients({ name = M.name })
  for _, client in ipairs(clients) do
    if contains(client.config.root_dir, dir) then
      return client
    end
  end
  if clients[1] then
    return clients[1]
  end
  local config = vim.tbl_extend("force", M.client_config(), { root_dir = dir })
  config.root_markers, config.filetypes = nil, nil
  local ok, id = pcall(vim.lsp.start, config, { attach = false })
  if ok and id then
    return vim.lsp.get_client_by_id(id)
  end
  return nil
end

local function request(client, method, params, handler)
  if has_011 then
    return client:request(method, params, handler)
  end
  return client.request(method, params, handler)
end

--- Run a server command; `on_done(err, result)` is called with its answer.
function M.execute(command, arguments, dir, on_done)
  local client = M.client_for(dir or vim.fn.getcwd())
  if not client then
    notify(
      "the server is not running and could not be started (see :checkhealth jaxerr)",
      vim.log.levels.ERROR
    )
    return false
  end
  request(
    client,
    "workspace/executeCommand",
    { command = command, arguments = arguments },
    function(err, result)
      if on_done then
        on_done(err, result)
      end
    end
  )
  return true
end

--- Send a run's output to the server; its errors become diagnostics.
--- `opts`: { cwd = folder the run ran in, source = name (a new output of it replaces the last),
--- command = the command line that printed it, quiet = no message,
--- on_done = function(err, result) }.
function M.ingest(text, opts)
  opts = opts or {}
  local cwd = opts.cwd or vim.fn.getcwd()
  local argument = { text = text, cwd = cwd, source = opts.source or "nvim", command = opts.command }
  return M.execute("jaxerr.ingestOutput", { argument }, cwd, function(err, result)
    if err then
      notify("ingestOutput failed: " .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
    elseif not opts.quiet and result then
      local files = #(result.files or {})
      notify(("%d error(s) in %d file(s)"):format(result.errors or 0, files))
    end
    if opts.on_done then
      opts.on_done(err, result)
    end
  end)
end

-- Text sources --------------------------------------------------------------------------------

--- A terminal buffer's lines, with the rows the terminal wrapped joined again: a row exactly as
--- wide as the terminal continues on the next one.
function M.terminal_text(bufnr)
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local width
  for _, info in ipairs(vim.fn.getwininfo()) do
    if info.bufnr == bufnr then
      local w = info.width - info.textoff
      width = width and math.min(width, w) or w
    end
  end
  if not width or width < 20 then
    return table.concat(lines, "\n")
  end
  local out, pending = {}, nil
  for _, line in ipairs(lines) do
    pending = (pending or "") .. line
    if vim.fn.strdisplaywidth(line) ~= width then
      table.insert(out, pending)
      pending = nil
    end
  end
  if pending then
    table.insert(out, pending)
  end
  return table.concat(out, "\n")
end

--- The text :JaxErrAnalyze reads: the current buffer, a register (`+`, `a`, ...) or `qf`.
function M.text_of(what)
  if what == nil or what == "" then
    local bufnr = vim.api.nvim_get_current_buf()
    if vim.bo[bufnr].buftype == "terminal" then
      return M.terminal_text(bufnr)
    end
    return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), "\n")
  end
  if what == "qf" then
    local lines = {}
    for _, item in ipairs(vim.fn.getqflist()) do
      if item.valid == 1 and item.bufnr > 0 then
        table.insert(
          lines,
          ("%s:%d:%d: %s"):format(
            vim.api.nvim_buf_get_name(item.bufnr),
            item.lnum,
            item.col,
            item.text
          )
        )
      else
        table.insert(lines, item.text)
      end
    end
    return table.concat(lines, "\n")
  end
  if #what == 1 then
    return vim.fn.getreg(what)
  end
  error("jaxerr: :JaxErrAnalyze takes nothing (this buffer), a register name or qf")
end

-- Commands ------------------------------------------------------------------------------------

function M.analyze(what, opts)
  local ok, text = pcall(M.text_of, what)
  if not ok then
    notify(tostring(text), vim.log.levels.ERROR)
    return false
  end
  opts = vim.tbl_extend("keep", opts or {}, { source = "analyze", cwd = vim.fn.getcwd() })
  return M.ingest(text, opts)
end

--- Run `cmd` (a list) in a terminal split in `cwd`; its output is sent to the server when it
--- ends (`opts.source`, default "run"; `opts.on_done(err, result)` gets the server's answer,
--- `opts.on_exit(code, bufnr)` the exit code). Returns the terminal's buffer number.
function M.run_in_terminal(cmd, cwd, opts)
  opts = opts or {}
  M.client_for(cwd) -- started now, so that it sees the report appear
  vim.cmd(M.config.run_split)
  vim.cmd("enew")
  local bufnr = vim.api.nvim_get_current_buf()
  local chunks = {}
  local job_opts = {
    cwd = cwd,
    on_stdout = function(_, data)
      -- A pty's stream, before the terminal wraps it: lines arrive split across chunks.
      table.insert(chunks, table.concat(data, "\n"))
    end,
    on_exit = function(_, code)
      local text = table.concat(chunks):gsub("\r", "")
      M.ingest(text, {
        cwd = cwd,
        source = opts.source or "run",
        command = opts.command,
        quiet = true,
        on_done = opts.on_done,
      })
      if opts.on_exit then
        opts.on_exit(code, bufnr)
      end
    end,
  }
  if has_011 then
    job_opts.term = true
    vim.fn.jobstart(cmd, job_opts)
  else
    vim.fn.termopen(cmd, job_opts)
  end
  return bufnr
end

--- Run the tests (`run_cmd` plus `args`) in a terminal split in the project's root; the server
--- reads the pytest plugin's report itself, and the terminal's output is sent when the run ends.
--- Returns the terminal's buffer number.
function M.run(args, opts)
  opts = opts or {}
  local cmd = vim.list_extend(vim.deepcopy(opts.cmd or M.config.run_cmd), args or {})
  return M.run_in_terminal(cmd, M.root_for(0), opts)
end

-- Re-runs ----------------------------------------------------------------------------------------

--- The last command a code action "Apply and re-run" ran ({ argv, cwd, label }).
M.last_rerun = nil

local function valid_rerun(rerun)
  return type(rerun) == "table"
    and type(rerun.argv) == "table"
    and #rerun.argv > 0
    and type(rerun.cwd) == "string"
end

--- The re-run a jaxerr diagnostic on the cursor's line carries (its failing test or script).
function M.rerun_at_cursor()
  local line = vim.api.nvim_win_get_cursor(0)[1] - 1
  for _, diagnostic in ipairs(vim.diagnostic.get(0, { lnum = line })) do
    local lsp = diagnostic.user_data and diagnostic.user_data.lsp
    local data = M.is_jaxerr(diagnostic) and lsp and lsp.data
    if type(data) == "table" and valid_rerun(data.rerun) then
      return data.rerun
    end
  end
  return nil
end

--- Run a re-run ({ argv, cwd, label }) in a terminal split; its output goes to the server as a
--- run's (with its command line, so that the run replaces what it ran again).
function M.rerun(rerun, opts)
  if not valid_rerun(rerun) then
    notify("nothing to re-run", vim.log.levels.WARN)
    return nil
  end
  M.last_rerun = rerun
  -- The run reads the files: an edit the code action just applied must be on disk.
  vim.cmd("silent! wall")
  opts = vim.tbl_extend("keep", opts or {}, {
    source = "rerun",
    command = table.concat(vim.tbl_map(vim.fn.shellescape, rerun.argv), " "),
  })
  notify("re-running " .. (rerun.label or rerun.argv[#rerun.argv]))
  return M.run_in_terminal(rerun.argv, rerun.cwd, opts)
end

--- `:JaxErrRun` without arguments: the re-run of the error under the cursor, else the last
--- re-run, else `run_cmd`.
function M.run_default(opts)
  local rerun = M.rerun_at_cursor() or M.last_rerun
  if rerun then
    return M.rerun(rerun, opts)
  end
  return M.run({}, opts)
end

-- Documents the server sends --------------------------------------------------------------------

--- Show markdown in a scratch buffer in a split (reused for the same `name`); its buffer number.
function M.show_markdown(name, markdown)
  local bufname = "jaxerr://" .. name
  local bufnr = vim.fn.bufnr(bufname)
  if bufnr == -1 then
    bufnr = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(bufnr, bufname)
    vim.bo[bufnr].bufhidden = "wipe"
    vim.bo[bufnr].filetype = "markdown"
  end
  vim.bo[bufnr].modifiable = true
  vim.api.nvim_buf_set_lines(bufnr, 0, -1, false, vim.split(markdown, "\n", { plain = true }))
  vim.bo[bufnr].modifiable = false
  local window = vim.fn.bufwinid(bufnr)
  if window == -1 then
    vim.cmd("botright split")
    vim.api.nvim_win_set_buf(0, bufnr)
  else
    vim.api.nvim_set_current_win(window)
  end
  return bufnr
end

--- The fix of a record adapted to the user's names (`jaxerr.showFix`, {code, uri, line}), shown
--- in a scratch buffer. `on_done(bufnr)` is called once it is shown.
function M.show_fix(argument, on_done)
  return M.execute("jaxerr.showFix", { argument }, vim.fn.getcwd(), function(err, result)
    if err or type(result) ~= "table" or type(result.markdown) ~= "string" then
      local why = err and (err.message or vim.inspect(err)) or "no fix to show"
      notify("showFix: " .. why, vim.log.levels.WARN)
      return
    end
    local bufnr = M.show_markdown("fix", "# " .. (result.title or "Fix") .. "\n\n" .. result.markdown)
    if on_done then
      on_done(bufnr)
    end
  end)
end

--- The text of the last visual selection (as `:'<,'>` gives it), or of lines l1..l2.
function M.selected_text(l1, l2)
  local start, finish = vim.fn.getpos("'<"), vim.fn.getpos("'>")
  if start[2] == l1 and finish[2] == l2 and vim.fn.getregion then
    local mode = vim.fn.visualmode()
    local region = vim.fn.getregion(start, finish, { type = mode ~= "" and mode or "v" })
    return table.concat(region, "\n")
  end
  return table.concat(vim.api.nvim_buf_get_lines(0, l1 - 1, l2, false), "\n")
end

--- Explain error text (`jaxerr.explainText`): the record that matches it, in a scratch buffer.
--- `on_done(result, bufnr)` gets the server's answer (nil: no record matches).
function M.explain_text(text, on_done)
  return M.execute("jaxerr.explainText", { { text = text } }, vim.fn.getcwd(), function(err, result)
    if err then
      notify("explainText failed: " .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
      return
    end
    local bufnr
    if type(result) ~= "table" then
      notify("no record matches this text", vim.log.levels.WARN)
    else
      local heading = ("<!-- %s, score %.2f -->\n"):format(result.code, result.score or 0)
      bufnr = M.show_markdown("explain", heading .. result.markdown)
    end
    if on_done then
      on_done(type(result) == "table" and result or nil, bufnr)
    end
  end)
end

--- The commands code actions carry that the client runs itself.
function M.register_client_commands()
  vim.lsp.commands["jaxerr.rerun"] = function(command)
    M.rerun((command.arguments or {})[1])
  end
  vim.lsp.commands["jaxerr.showFix"] = function(command)
    M.show_fix((command.arguments or {})[1])
  end
end

function M.clear(source)
  local arguments = source and { source } or {}
  return M.execute("jaxerr.clearDiagnostics", arguments, vim.fn.getcwd())
end

function M.create_commands()
  M.register_client_commands()
  vim.api.nvim_create_user_command("JaxErrAnalyze", function(o)
    M.analyze(o.args)
  end, {
    nargs = "?",
    desc = "jaxerr: analyze this buffer's text (or a register, or qf) as a run's output",
    complete = function()
      return { "qf", "+", "*", '"' }
    end,
  })
  vim.api.nvim_create_user_command("JaxErrRun", function(o)
    if #o.fargs == 0 then
      M.run_default()
    else
      M.run(o.fargs)
    end
  end, {
    nargs = "*",
    complete = "file",
    desc = "jaxerr: re-run the error under the cursor (or the last re-run), or run pytest --jaxerr [args]",
  })
  vim.api.nvim_create_user_command("JaxErrExplain", function(o)
    M.explain_text(M.selected_text(o.line1, o.line2))
  end, { range = true, desc = "jaxerr: explain the selected error text (or this line)" })
  vim.api.nvim_create_user_command("JaxErrClear", function(o)
    M.clear(o.args ~= "" and o.args or nil)
  end, { nargs = "?", desc = "jaxerr: clear jaxerr's diagnostics" })
end

-- Setup ---------------------------------------------------------------------------------------

local group

function M.setup(opts)
  M.config = vim.tbl_deep_extend("force", vim.deepcopy(defaults), opts or {})
  -- Lists are replaced, not merged.
  for _, key in ipairs({ "cmd", "filetypes", "root_markers", "run_cmd" }) do
    if opts and opts[key] then
      M.config[key] = opts[key]
    end
  end
  M.create_commands()
  configure_float()
  group = vim.api.nvim_create_augroup("jaxerr", { clear = true })
  vim.api.nvim_create_autocmd("LspAttach", {
    group = group,
    callback = function(event)
      local client = vim.lsp.get_client_by_id(event.data.client_id)
      if client and client.name == M.name then
        configure_namespaces(client.id)
      end
    end,
  })
  if not M.config.autostart then
    return
  end
  if has_011 and vim.lsp.config then
    vim.lsp.config(M.name, M.client_config())
    vim.lsp.enable(M.name)
  else
    vim.api.nvim_create_autocmd("FileType", {
      group = group,
      pattern = M.config.filetypes,
      callback = function(event)
        local config = M.client_config()
        config.root_dir = M.root_for(event.buf)
        config.root_markers, config.filetypes = nil, nil
        vim.lsp.start(config, { bufnr = event.buf })
      end,
    })
    -- Buffers opened before setup.
    for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
      if
        vim.api.nvim_buf_is_loaded(bufnr)
        and vim.tbl_contains(M.config.filetypes, vim.bo[bufnr].filetype)
      then
        vim.api.nvim_exec_autocmds("FileType", { group = group, buffer = bufnr })
      end
    end
  end
end

return M
