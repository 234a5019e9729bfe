-- edgegram for Neovim >= 0.11: put this in your init.lua (or ~/.config/nvim/plugin/edgegram.lua).
-- Needs `edgegram` on PATH (`pip install .` in a clone, see the README); otherwise set cmd to its full path.
vim.lsp.config('edgegram', {
  cmd = { 'edgegram', 'serve' },
  filetypes = {
    'text', 'markdown', 'tex', 'gitcommit', 'rst', 'asciidoc', 'html',
    -- comments and docstrings of source files (setting checkCode)
    'python', 'javascript', 'javascriptreact', 'typescript', 'typescriptreact',
    'rust', 'go', 'c', 'cpp', 'java', 'lua', 'sh', 'bash',
  },
  root_markers = { '.git' },
  settings = {
    edgegram = {
      -- Every key is optional; these are the defaults.
      enabled = true,
      minConfidence = 0.35,
      debounceMs = 300,
      disabledKinds = {},
      disabledRules = {}, -- e.g. { 'rules.own_case', 'model.article' }
      enabledRules = {}, -- on even where disabledRules names the family: { 'rules.articles' }
      checkCode = true, -- comments and docstrings of source files
      skipOtherLanguages = true, -- leave paragraphs that are not English alone
      -- modelPath = '/path/to/model',
    },
  },
})
vim.lsp.enable('edgegram')
