-- edgegram for Neovim >= 0.11: put this in your init.lua (or ~/.config/nvim/plugin/edgegram.lua).
-- Needs `edgegram` on PATH (pip install edgegram); otherwise set cmd to its full path.
vim.lsp.config('edgegram', {
  cmd = { 'edgegram', 'serve' },
  filetypes = { 'text', 'markdown', 'tex', 'gitcommit' },
  root_markers = { '.git' },
  settings = {
    edgegram = {
      -- Every key is optional; these are the defaults.
      enabled = true,
      minConfidence = 0.3,
      debounceMs = 300,
      disabledKinds = {},
      -- modelPath = '/path/to/model',
    },
  },
})
vim.lsp.enable('edgegram')
