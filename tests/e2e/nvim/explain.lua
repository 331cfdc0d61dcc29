-- :JaxErrExplain on a visual selection of a real traceback's message, in the real Neovim: the
-- record that matches it, in a scratch markdown buffer; and a selection no record knows.
local H =
  dofile(vim.fs.joinpath(vim.fs.dirname(debug.getinfo(1, "S").source:sub(2)), "helpers.lua"))

local output = H.env("JAXERR_NVIM_OUTPUT")
local code = "hijax-vjp-bwd-return"
local jaxerr = H.setup_plugin({ autostart = false })

vim.cmd.edit(vim.fn.fnameescape(output))
local lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
local row, col
for number, text in ipairs(lines) do
  local found = text:find("vjp_bwd should return", 1, true)
  if found then
    row, col = number, text:find("%S+%.vjp_bwd") or found
    break
  end
end
H.check(row, "no exception line in %s", output)
-- A charwise selection from the class name's owner to the end of the line: the message without
-- the exception's class.
vim.api.nvim_win_set_cursor(0, { row, col - 1 })
vim.cmd("normal! v$\27")
local answer
jaxerr.explain_text(jaxerr.selected_text(row, row), function(result, bufnr)
  answer = { result = result, bufnr = bufnr }
end)
local got = H.wait_for("the answer to explainText", function()
  return answer
end, 60000)
H.check(got.result and got.result.code == code, "explained as %s", vim.inspect(got.result))
local text = table.concat(vim.api.nvim_buf_get_lines(got.bufnr, 0, -1, false), "\n")
H.check(text:find("### `" .. code .. "`", 1, true), "the scratch buffer lacks the record:\n%s", text)
H.check(vim.bo[got.bufnr].filetype == "markdown", "filetype %s", vim.bo[got.bufnr].filetype)
H.log("explained: %s (score %.2f)", got.result.code, got.result.score)

-- The command itself, on the selection ('<,'>).
vim.cmd("wincmd p")
vim.api.nvim_buf_delete(got.bufnr, { force = true })
vim.cmd("'<,'>JaxErrExplain")
local shown = H.wait_for("the scratch buffer :JaxErrExplain opens", function()
  local bufnr = vim.fn.bufnr("jaxerr://explain")
  return bufnr ~= -1 and vim.api.nvim_buf_get_lines(bufnr, 0, 1, false)[1] ~= "" and bufnr
end, 60000)
H.check(
  table.concat(vim.api.nvim_buf_get_lines(shown, 0, -1, false), "\n"):find(code, 1, true),
  ":JaxErrExplain showed another record"
)

-- Text no record matches: nothing shown, and the answer says so.
answer = nil
jaxerr.explain_text("all 12 tests passed", function(result, bufnr)
  answer = { result = result or false, bufnr = bufnr }
end)
got = H.wait_for("the answer for unknown text", function()
  return answer
end)
H.check(got.result == false and got.bufnr == nil, "unknown text explained: %s", vim.inspect(got))
H.log("OK")
vim.cmd("qa!")
