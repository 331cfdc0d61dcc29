-- The real Neovim, the plugin from the repo and the real server on the real output of a failing
-- JAX program: the diagnostic on the marked line with its code and link, the hover on jax.grad,
-- and the quick fix applied, written and proven by running the program again.
local H =
  dofile(vim.fs.joinpath(vim.fs.dirname(debug.getinfo(1, "S").source:sub(2)), "helpers.lua"))

local project = H.env("JAXERR_NVIM_PROJECT")
local output = H.env("JAXERR_NVIM_OUTPUT")
local code = "hijax-vjp-bwd-return"
local script = vim.fs.joinpath(project, "scripts", "hijax_vjp_bwd_return.py")
local culprit_file = vim.fs.joinpath(project, "model", "hijax_ops.py")

-- Virtual text is off by default in 0.11: on here, to see the code the plugin adds to it.
vim.diagnostic.config({ virtual_text = true })
local jaxerr = H.setup_plugin({ settings = { culpritDiagnostics = true } })
vim.cmd.cd(vim.fn.fnameescape(project))
local bufnr, client = H.edit_and_attach(script)
H.log("attached: client %d, root %s", client.id, client.config.root_dir)
H.check(
  client.config.root_dir == project,
  "root_dir is %s, not the project %s",
  tostring(client.config.root_dir),
  project
)

-- :JaxErrAnalyze in a buffer holding the program's output.
vim.cmd("split " .. vim.fn.fnameescape(output))
vim.cmd("JaxErrAnalyze")
vim.cmd("close")
local expected_line = H.marker_line(script, "expect", code)
local diagnostic = H.wait_for("a " .. code .. " diagnostic in " .. script, function()
  return H.jaxerr_diagnostics(bufnr, code)[1]
end)
H.check(
  diagnostic.lnum == expected_line,
  "diagnostic on line %d, the marker is on line %d",
  diagnostic.lnum + 1,
  expected_line + 1
)
H.check(
  diagnostic.severity == vim.diagnostic.severity.ERROR,
  "severity %s",
  tostring(diagnostic.severity)
)
local link = jaxerr.diagnostic_link(diagnostic)
H.check(
  link and link:find("^https://github.com/jax%-ml/jax/blob/"),
  "codeDescription.href is %s",
  tostring(link)
)
H.log("diagnostic: line %d, code %s, %s", diagnostic.lnum + 1, diagnostic.code, link)

-- The float shows the code and the link, which Neovim would not show by itself.
local float_buf =
  vim.diagnostic.open_float({ bufnr = bufnr, pos = diagnostic.lnum, scope = "line" })
H.check(float_buf, "no diagnostic float opened")
local float_text = table.concat(vim.api.nvim_buf_get_lines(float_buf, 0, -1, false), "\n")
H.check(float_text:find("[" .. code .. "]", 1, true), "the float lacks [%s]:\n%s", code, float_text)
H.check(float_text:find(link, 1, true), "the float lacks the link:\n%s", float_text)
-- In the hover's order: the message, its meaning, the culprit, then the link.
local culprit_at = float_text:find("Culprit: ", 1, true)
H.check(
  culprit_at,
  "the float lacks the culprit:\n%s\n%s",
  float_text,
  vim.inspect(diagnostic.user_data.lsp.data)
)
H.check(
  float_text:find("hijax_ops.py:", 1, true) and culprit_at < float_text:find(link, 1, true),
  "the culprit is not named, or not before the link:\n%s",
  float_text
)
vim.cmd("fclose!")
local virtual_text = {}
for _, mark in ipairs(vim.api.nvim_buf_get_extmarks(bufnr, -1, 0, -1, { details = true })) do
  for _, chunk in ipairs(mark[4].virt_text or {}) do
    table.insert(virtual_text, chunk[1])
  end
end
virtual_text = table.concat(virtual_text, " ")
H.check(
  virtual_text:find("[" .. code .. "]", 1, true),
  "the virtual text lacks [%s]: %q",
  code,
  virtual_text
)

-- The culprit (the vjp_bwd override) has its own diagnostic, pushed for a file not open.
local culprit_buf = vim.fn.bufadd(culprit_file)
local culprit = H.wait_for("the culprit diagnostic in " .. culprit_file, function()
  return H.jaxerr_diagnostics(culprit_buf, code)[1]
end)
local culprit_line = H.marker_line(culprit_file, "culprit", code)
H.check(
  culprit.lnum == culprit_line,
  "culprit on line %d, the marker is on line %d",
  culprit.lnum + 1,
  culprit_line + 1
)

-- Hover over `grad` in `jax.grad`.
local line_text = vim.api.nvim_buf_get_lines(bufnr, expected_line, expected_line + 1, false)[1]
local grad_col = assert(line_text:find("jax.grad", 1, true)) + #"jax."
local hover = vim.lsp.buf_request_sync(bufnr, "textDocument/hover", {
  textDocument = { uri = vim.uri_from_bufnr(bufnr) },
  position = { line = expected_line, character = grad_col },
}, 30000)
H.check(hover and hover[client.id], "no hover answer from jaxerr-ls within 30 s")
H.check(not hover[client.id].err, "hover failed: %s", vim.inspect(hover[client.id].err))
local contents = hover[client.id].result and hover[client.id].result.contents
H.check(contents and contents.kind == "markdown", "hover contents: %s", vim.inspect(contents))
for _, wanted in ipairs({ "jax.grad(fun, argnums=0", "gradient of a scalar-output function", code }) do
  H.check(contents.value:find(wanted, 1, true), "the hover lacks %q:\n%s", wanted, contents.value)
end
H.log("hover: %d characters", #contents.value)

-- The quick fix, as the code action menu gets it: requested with the diagnostic, resolved,
-- applied and written.
local lsp_diagnostic = diagnostic.user_data.lsp
local actions = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", {
  textDocument = { uri = vim.uri_from_bufnr(bufnr) },
  range = lsp_diagnostic.range,
  context = { diagnostics = { lsp_diagnostic }, only = { "quickfix" } },
}, 30000)
H.check(
  actions and actions[client.id] and actions[client.id].result,
  "no code actions: %s",
  vim.inspect(actions)
)
local fix
-- The fix itself, not its "Apply and re-run" twin (which also runs the program).
for _, action in ipairs(actions[client.id].result) do
  if action.title:find("vjp_bwd_retval", 1, true) and not action.title:find("Apply and re-run", 1, true) then
    fix = action
    break
  end
end
H.check(
  fix,
  "no fix renaming vjp_bwd among: %s",
  vim.inspect(vim.tbl_map(function(a)
    return a.title
  end, actions[client.id].result))
)
H.log("fix: %s", fix.title)
if not fix.edit then
  local resolved = client:request_sync("codeAction/resolve", fix, 30000, bufnr)
  H.check(
    resolved and resolved.result and resolved.result.edit,
    "codeAction/resolve gave no edit: %s",
    vim.inspect(resolved)
  )
  fix = resolved.result
end
vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding)
vim.cmd("silent wall")
local fixed = H.read(culprit_file)
H.check(
  fixed:find("def vjp_bwd_retval", 1, true),
  "the fix did not reach %s:\n%s",
  culprit_file,
  fixed
)

-- The fixed program runs to its end under real JAX, and its output clears the diagnostics.
local rerun = H.run_python(project, { "scripts/hijax_vjp_bwd_return.py" })
H.check(
  rerun.code == 0,
  "the fixed program exited %d:\n%s%s",
  rerun.code,
  rerun.stdout,
  rerun.stderr
)
local answer
jaxerr.ingest(rerun.stdout .. rerun.stderr, {
  cwd = project,
  source = "analyze",
  on_done = function(err, result)
    answer = { err = err, result = result }
  end,
})
H.wait_for("the answer to ingesting the fixed run", function()
  return answer
end)
H.check(
  answer.result and answer.result.errors == 0,
  "the fixed run still has errors: %s",
  vim.inspect(answer)
)
H.wait_for("the diagnostics to clear", function()
  return #H.jaxerr_diagnostics(bufnr) == 0
end)
H.log("OK")
vim.cmd("qa!")
