(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               '((text-mode markdown-mode latex-mode LaTeX-mode git-commit-mode rst-mode adoc-mode
                  html-mode mhtml-mode python-mode python-ts-mode js-mode js-ts-mode
                  typescript-mode typescript-ts-mode tsx-ts-mode rust-mode rust-ts-mode
                  go-mode go-ts-mode c-mode c-ts-mode c++-mode c++-ts-mode java-mode
                  java-ts-mode lua-mode lua-ts-mode sh-mode bash-ts-mode)
                 . ("edgegram" "serve"))))
;; Settings (optional), sent as the `edgegram' section:
(setq-default eglot-workspace-configuration
              '(:edgegram (:minConfidence 0.35 :debounceMs 300 :checkCode t)))
;; Start edgegram in prose buffers (markdown-mode and latex-mode derive from text-mode)
;; and, for their comments and docstrings, in source buffers:
(add-hook 'text-mode-hook #'eglot-ensure)
(add-hook 'prog-mode-hook #'eglot-ensure)
