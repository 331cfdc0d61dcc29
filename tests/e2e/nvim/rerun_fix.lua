-- Apply and re-run in the real Neovim: a blind-corpus program's failing test, reported by the
-- pytest plugin, gets its quick fix applied through vim.lsp.buf.code_action and re-run in a
-- terminal by the plugin's jaxerr.rerun; the passing run clears that test's diagnostic and
-- leaves the other failing test's.
local H =
  dofile(vim.fs.joinpath(vim.fs.dirname(debug.getinfo(1, "S").source:sub(2)), "helpers.lua"))

local project = H.env("JAXERR_NVIM_PROJECT")
local code = "hijax-vjp-bwd-return"
local test_id = H.env("JAXERR_NVIM_TEST_ID")
local train = vim.fs.joinpath(project, "train.py")
local other = vim.fs.joinpath(project, "test_other.py")

-- Quick polling of the report, as a client without file watchers gets it.
local jaxerr = H.setup_plugin({ settings = { pollInterval = 0.5 } })
vim.cmd.cd(vim.fn.fnameescape(project))
local bufnr, client = H.edit_and_attach(train)
local diagnostic = H.wait_for("the " .. code .. " diagnostic from the report", function()
  return H.jaxerr_diagnostics(bufnr, code)[1]
end, 60000)
local other_buf = vim.fn.bufadd(other)
H.wait_for("the other test's diagnostic", function()
  return #H.jaxerr_diagnostics(other_buf) > 0
end)
local rerun = diagnostic.user_data.lsp.data.rerun
H.check(
  rerun and rerun.label == test_id,
  "the diagnostic's re-run: %s",
  vim.inspect(rerun)
)
H.log("diagnostic: line %d, re-run %s", diagnostic.lnum + 1, table.concat(rerun.argv, " "))

-- The code action menu, narrowed to the re-run twin of the rename, applied as if chosen.
local terminal_before = #vim.tbl_filter(function(b)
  return vim.bo[b].buftype == "terminal"
end, vim.api.nvim_list_bufs())
vim.api.nvim_win_set_cursor(0, { diagnostic.lnum + 1, diagnostic.col })
local chosen
vim.lsp.buf.code_action({
  context = { only = { "quickfix" }, diagnostics = { diagnostic.user_data.lsp } },
  filter = function(action)
    local wanted = action.title:find("Apply and re-run " .. test_id, 1, true)
      and action.title:find("vjp_bwd_retval", 1, true)
    if wanted then
      chosen = action.title
    end
    return wanted
  end,
  apply = true,
})
H.wait_for("the re-run's terminal", function()
  local terminals = vim.tbl_filter(function(b)
    return vim.bo[b].buftype == "terminal"
  end, vim.api.nvim_list_bufs())
  return #terminals > terminal_before
end, 60000)
H.log("chose: %s", chosen)
H.check(
  H.read(vim.fs.joinpath(project, "prims.py")):find("def vjp_bwd_retval", 1, true),
  "the fix was not written to prims.py before the re-run"
)
H.check(jaxerr.last_rerun and jaxerr.last_rerun.label == test_id, "last re-run not kept")

-- The passing run's report replaces what the last one said of that test only.
H.wait_for("the diagnostic in train.py to clear after the passing re-run", function()
  return #H.jaxerr_diagnostics(bufnr, code) == 0
end, 300000)
H.check(
  #H.jaxerr_diagnostics(other_buf) > 0,
  "the other test's diagnostic went away with the re-run of %s",
  test_id
)
H.log("cleared: %s; the other test's diagnostic stays", test_id)
H.log("OK")
vim.cmd("qa!")
