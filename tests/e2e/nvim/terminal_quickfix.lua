-- The other ways in: a terminal buffer, a register, the quickfix list, :JaxErrRun, :JaxErrClear,
-- and `jaxerr-ls check --format text` read by the documented 'errorformat'.
local H =
  dofile(vim.fs.joinpath(vim.fs.dirname(debug.getinfo(1, "S").source:sub(2)), "helpers.lua"))

local project = H.env("JAXERR_NVIM_PROJECT")
local output = H.env("JAXERR_NVIM_OUTPUT")
local python = H.env("JAXERR_NVIM_PYTHON")
local code = "hijax-vjp-bwd-return"
local script = vim.fs.joinpath(project, "scripts", "hijax_vjp_bwd_return.py")
local culprit_file = vim.fs.joinpath(project, "model", "hijax_ops.py")
local test_file = vim.fs.joinpath(project, "tests", "test_ops.py")

-- Only ingested output counts, so that :JaxErrRun's diagnostics come from the terminal's output
-- it sends when the run ends, not from the report the server could read by itself.
H.setup_plugin({
  run_cmd = { python, "-m", "pytest", "-p", "no:cacheprovider", "--jaxerr" },
  settings = { enabledSources = { "output" } },
})
vim.cmd.cd(vim.fn.fnameescape(project))

-- Quickfix: `jaxerr-ls check --format text` with the errorformats the README gives.
local check = table.concat({
  vim.fn.shellescape(python),
  "-m",
  "jaxerr_ls",
  "check",
  "--format",
  "text",
  vim.fn.shellescape(output),
}, " ")
local function qf_entries(errorformat)
  vim.o.errorformat = errorformat
  vim.cmd("cgetexpr system(" .. vim.fn.string(check) .. ")")
  return vim.tbl_map(function(item)
    return {
      file = vim.fn.fnamemodify(vim.fn.bufname(item.bufnr), ":p"),
      lnum = item.lnum,
      col = item.col,
      type = item.type,
      text = item.text,
      valid = item.valid,
    }
  end, vim.fn.getqflist())
end
local error_line = H.marker_line(script, "expect", code) + 1
-- Python 3.11 and 3.12 mark the failing call with ^^^ (its column); 3.13 leaves out markers
-- that would underline the whole statement (the line's first column).
local error_text = vim.fn.readfile(script)[error_line]
local error_columns = { [1] = true, [(error_text:find("jax.grad", 1, true))] = true }
local want = {
  { file = script, lnum = error_line, cols = error_columns, kind = "error" },
  {
    file = culprit_file,
    lnum = H.marker_line(culprit_file, "culprit", code) + 1,
    -- The `return` of the method (indented twice).
    col = 9,
    kind = "note",
  },
}
for _, case in ipairs({
  { efm = [[%f:%l:%c:\ %m]], types = { "", "" } },
  {
    efm = [[%f:%l:%c:\ %trror\ %m,%f:%l:%c:\ %tarning\ %m,%f:%l:%c:\ %tote\ %m]],
    types = { "e", "n" },
  },
}) do
  local entries = qf_entries(case.efm)
  H.check(
    #entries == #want,
    "errorformat %s: %d entries, wanted %d: %s",
    case.efm,
    #entries,
    #want,
    vim.inspect(entries)
  )
  for i, entry in ipairs(entries) do
    H.check(
      entry.valid == 1,
      "errorformat %s: entry %d is not valid: %s",
      case.efm,
      i,
      vim.inspect(entry)
    )
    H.check(
      want[i].cols == nil or want[i].cols[entry.col],
      "errorformat %s: entry %d col is %s, wanted one of %s",
      case.efm,
      i,
      entry.col,
      vim.inspect(vim.tbl_keys(want[i].cols or {}))
    )
    for _, field in ipairs({ "file", "lnum", "col" }) do
      H.check(
        want[i][field] == nil or entry[field] == want[i][field],
        "errorformat %s: entry %d %s is %s, wanted %s",
        case.efm,
        i,
        field,
        entry[field],
        want[i][field]
      )
    end
    H.check(
      entry.type == case.types[i],
      "errorformat %s: entry %d type %q, wanted %q",
      case.efm,
      i,
      entry.type,
      case.types[i]
    )
    H.check(
      entry.text:find(code, 1, true),
      "errorformat %s: entry %d text %q",
      case.efm,
      i,
      entry.text
    )
  end
end
-- The same through :make, as the README sets 'makeprg'.
vim.o.errorformat = [[%f:%l:%c:\ %m]]
vim.o.makeprg = vim.fn.shellescape(python) .. " -m jaxerr_ls check --format text $*"
vim.cmd("silent make! " .. vim.fn.fnameescape(output))
local made = vim.fn.getqflist()
H.check(
  #made == 2 and made[1].lnum == want[1].lnum and made[2].lnum == want[2].lnum,
  ":make gave %s",
  vim.inspect(made)
)
H.log("quickfix: both errorformats read both lines")

local bufnr = H.edit_and_attach(script)
local expected_line = H.marker_line(script, "expect", code)
local function wait_diagnostic(what)
  local d = H.wait_for(code .. " diagnostic after " .. what, function()
    return H.jaxerr_diagnostics(bufnr, code)[1]
  end)
  H.check(
    d.lnum == expected_line,
    "%s: diagnostic on line %d, wanted %d",
    what,
    d.lnum + 1,
    expected_line + 1
  )
end
local function clear()
  vim.cmd("JaxErrClear")
  H.wait_for("the diagnostics to clear", function()
    return #H.jaxerr_diagnostics(bufnr) == 0
  end)
end

-- A terminal that ran the failing program: its rows (wrapped at the terminal's width) are joined.
vim.cmd("botright new")
local term_buf = vim.api.nvim_get_current_buf()
local exited
vim.fn.jobstart({ python, "scripts/hijax_vjp_bwd_return.py" }, {
  term = true,
  cwd = project,
  on_exit = function(_, status)
    exited = status
  end,
})
H.wait_for("the program in the terminal to exit", function()
  return exited
end, 300000)
H.check(exited == 1, "the program in the terminal exited %s", tostring(exited))
H.wait_for("the terminal to show the error", function()
  return table
    .concat(vim.api.nvim_buf_get_lines(term_buf, 0, -1, false), "\n")
    :find("vjp_bwd should return", 1, true)
end)
local width = vim.api.nvim_win_get_width(0)
vim.cmd("JaxErrAnalyze")
wait_diagnostic("JaxErrAnalyze in a terminal " .. width .. " columns wide")
vim.cmd("close")
clear()

-- A register, and the quickfix list (traceback lines no errorformat matched keep their text).
vim.fn.setreg("a", H.read(output))
vim.cmd("JaxErrAnalyze a")
wait_diagnostic("JaxErrAnalyze a")
clear()
vim.o.errorformat = [[%f:%l:%c:\ %m]]
vim.cmd("cgetfile " .. vim.fn.fnameescape(output))
vim.cmd("JaxErrAnalyze qf")
wait_diagnostic("JaxErrAnalyze qf")
clear()
H.log("terminal, register, quickfix list: diagnostic on line %d", expected_line + 1)

-- :JaxErrRun runs pytest --jaxerr in a terminal in the project's root, and sends the terminal's
-- output (coloured, through a pty) when the run ends.
local test_buf = vim.fn.bufadd(test_file)
local test_line = H.marker_line(test_file, "expect", code)
vim.cmd("JaxErrRun tests/test_ops.py::test_scaled_tanh_grad")
H.check(vim.bo.buftype == "terminal", "JaxErrRun opened no terminal")
local run_diagnostic = H.wait_for(
  code .. " diagnostic in tests/test_ops.py after JaxErrRun",
  function()
    return H.jaxerr_diagnostics(test_buf, code)[1]
  end,
  300000
)
H.check(
  run_diagnostic.lnum == test_line,
  "JaxErrRun: diagnostic on line %d, wanted %d",
  run_diagnostic.lnum + 1,
  test_line + 1
)
H.check(
  vim.uv.fs_stat(vim.fs.joinpath(project, ".jaxerr", "pytest-report.json")),
  "pytest --jaxerr wrote no report"
)
H.log("JaxErrRun: diagnostic on line %d", test_line + 1)
H.log("OK")
vim.cmd("qa!")
