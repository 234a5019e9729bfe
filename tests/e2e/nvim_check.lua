-- End-to-end check of edgegram in a real Neovim (>= 0.11), using the documented setup.
--
--   nvim --headless -u NONE -c 'luafile tests/e2e/nvim_check.lua'
--
-- Loads docs/nvim/edgegram.lua (the config the README documents), opens a Markdown file
-- (or another file: EDGEGRAM_FILE) with known errors, waits for edgegram diagnostics, applies the quick fix of one of them
-- and checks that the text is fixed and that diagnostic is gone. Exits non-zero on failure.
--
-- Environment (all optional):
--   EDGEGRAM_NVIM_CONFIG  the config file to load (default docs/nvim/edgegram.lua)
--   EDGEGRAM_SERVER_CMD   JSON list replacing the config's cmd, e.g. the rule-based test server
--   EDGEGRAM_TEXT         the document's text (default: a sentence with known errors)
--   EDGEGRAM_TARGET       the erroneous word to fix (default 'teh')
--   EDGEGRAM_FILE         the file's name, which sets its filetype (default 'sample.md')
--   EDGEGRAM_FILETYPE     the filetype Neovim must detect (default 'markdown')
--   EDGEGRAM_EXPECT_ERROR if set, expect no diagnostics but an error message containing this text
--   EDGEGRAM_TIMEOUT_MS   how long to wait for each step (default 60000)
--   EDGEGRAM_SETTINGS     a JSON object merged into the config's edgegram settings
--   EDGEGRAM_ABSENT       a text no diagnostic may show once the settings apply (a rule switched off)

local function env(name, default)
  local value = os.getenv(name)
  if value == nil or value == '' then
    return default
  end
  return value
end

local timeout = tonumber(env('EDGEGRAM_TIMEOUT_MS', '60000'))
local config_file = env('EDGEGRAM_NVIM_CONFIG', 'docs/nvim/edgegram.lua')
local text = env('EDGEGRAM_TEXT', 'They is going to teh park.')
local target = env('EDGEGRAM_TARGET', 'teh')
local expect_error = env('EDGEGRAM_EXPECT_ERROR', nil)
local file_name = env('EDGEGRAM_FILE', 'sample.md')
local filetype = env('EDGEGRAM_FILETYPE', 'markdown')
local extra_settings = env('EDGEGRAM_SETTINGS', nil)
local absent = env('EDGEGRAM_ABSENT', nil)

local function say(message)
  io.stdout:write('nvim_check: ' .. message .. '\n')
end

local function fail(message)
  say('FAIL: ' .. message)
  vim.cmd('cquit 1')
end

-- Record the messages the server shows (window/showMessage ends in vim.notify).
local notes = {}
local notify = vim.notify
vim.notify = function(message, level, opts)
  table.insert(notes, { message = tostring(message), level = level })
  return notify(message, level, opts)
end

local function server_exit()
  for _, note in ipairs(notes) do
    if note.message:find('quit with exit code', 1, true) then
      return note.message
    end
  end
end

local function wait_for(what, condition)
  local ok = vim.wait(timeout, function()
    return condition() or server_exit() ~= nil
  end, 50)
  if server_exit() and not condition() then
    fail('the server stopped while waiting for ' .. what .. ': ' .. server_exit())
  elseif not ok then
    fail('timed out after ' .. timeout .. ' ms waiting for ' .. what)
  end
end

local function edgegram_diagnostics(bufnr)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.source == 'edgegram' then
      table.insert(found, d)
    end
  end
  return found
end

local function run()
  vim.cmd('filetype on') -- -u NONE leaves filetype detection off; every normal setup has it on
  local ok, err = pcall(dofile, config_file)
  if not ok then
    return fail('loading ' .. config_file .. ': ' .. tostring(err))
  end
  local server_cmd = env('EDGEGRAM_SERVER_CMD', nil)
  if server_cmd then
    vim.lsp.config('edgegram', { cmd = vim.json.decode(server_cmd) })
  end
  if extra_settings then
    local settings = vim.deepcopy(vim.lsp.config.edgegram.settings or {})
    settings.edgegram = vim.tbl_extend('force', settings.edgegram or {}, vim.json.decode(extra_settings))
    vim.lsp.config('edgegram', { settings = settings })
  end
  say('server: ' .. table.concat(vim.lsp.config.edgegram.cmd, ' '))

  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  local file = dir .. '/' .. file_name
  vim.fn.writefile({ text }, file)
  vim.cmd.edit(vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  if vim.bo[bufnr].filetype ~= filetype then
    return fail('expected filetype ' .. filetype .. ', got ' .. vim.bo[bufnr].filetype)
  end

  wait_for('the edgegram client to attach', function()
    return #vim.lsp.get_clients({ bufnr = bufnr, name = 'edgegram' }) > 0
  end)

  if expect_error then
    wait_for('an error message containing ' .. vim.inspect(expect_error), function()
      for _, note in ipairs(notes) do
        if note.level == vim.log.levels.ERROR and note.message:find(expect_error, 1, true) then
          return true
        end
      end
      return false
    end)
    say('PASS: the editor showed the server error')
    return vim.cmd('qall!')
  end

  local target_col = text:find(target, 1, true)
  if target_col == nil then
    return fail('EDGEGRAM_TARGET ' .. vim.inspect(target) .. ' is not in the text')
  end
  target_col = target_col - 1 -- 0-based byte column

  local diagnostic
  wait_for('an edgegram diagnostic on ' .. vim.inspect(target), function()
    for _, d in ipairs(edgegram_diagnostics(bufnr)) do
      if d.lnum == 0 and d.col <= target_col and target_col < math.max(d.end_col, d.col + 1) then
        diagnostic = d
        return true
      end
    end
    return false
  end)
  if absent then
    -- the first diagnostics may predate the settings: give them time to apply (a loaded machine
    -- may take seconds to re-check; the wait ends as soon as they have)
    local function shows()
      for _, d in ipairs(edgegram_diagnostics(bufnr)) do
        if d.message:find(absent, 1, true) then
          return true
        end
      end
      return false
    end
    vim.wait(20000, function()
      return not shows()
    end, 50)
    if shows() then
      return fail('a diagnostic shows ' .. vim.inspect(absent))
    end
    say('none shows ' .. vim.inspect(absent))
  end
  local before = #edgegram_diagnostics(bufnr)
  say(('%d diagnostics; fixing %q: %s'):format(before, target, diagnostic.message))

  -- The quick fix for that diagnostic, applied the way a user does (:lua vim.lsp.buf.code_action()).
  local lsp_range = diagnostic.user_data.lsp.range
  vim.api.nvim_win_set_cursor(0, { 1, target_col })
  local offered = {}
  vim.lsp.buf.code_action({
    context = { only = { 'quickfix' } },
    apply = true,
    filter = function(action)
      table.insert(offered, action.title)
      local d = action.diagnostics and action.diagnostics[1]
      return action.isPreferred == true
        and action.edit ~= nil
        and d ~= nil
        and vim.deep_equal(d.range, lsp_range)
    end,
  })

  local fixed_line
  wait_for('the quick fix to change the text (offered: ' .. vim.inspect(offered) .. ')', function()
    fixed_line = vim.api.nvim_buf_get_lines(bufnr, 0, 1, false)[1]
    return fixed_line ~= text
  end)
  if fixed_line:find(target, 1, true) then
    return fail('the fix left ' .. vim.inspect(target) .. ' in the text: ' .. fixed_line)
  end
  say('fixed text: ' .. fixed_line)

  wait_for('the fixed diagnostic to disappear', function()
    local now = edgegram_diagnostics(bufnr)
    for _, d in ipairs(now) do
      if d.message == diagnostic.message then
        return false
      end
    end
    return #now == before - 1
  end)
  say(('PASS: %d diagnostics left, the fixed one is gone'):format(before - 1))
  vim.cmd('qall!')
end

local ok, err = xpcall(run, debug.traceback)
if not ok then
  fail(tostring(err))
end
