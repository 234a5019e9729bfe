;;; emacs_check.el --- end-to-end check of edgegram in a real Emacs with eglot  -*- lexical-binding: t -*-
;;
;;   emacs --batch -l tests/e2e/emacs_check.el
;;
;; Loads docs/emacs/edgegram.el (the config docs/editor-setup.md documents), opens a
;; Markdown file whose prose and code block both hold "teh", waits for edgegram's Flymake
;; diagnostics, checks that the code block has none, applies the quick fix the documented
;; way (M-x eglot-code-actions, RET on the preferred action) and checks that the word is
;; fixed and its diagnostic gone. Prints PASS and exits 0, or FAIL and exits 1.
;;
;; Environment: EDGEGRAM_SERVER_CMD (JSON list replacing the config's command),
;; EDGEGRAM_TEXT (the document), EDGEGRAM_TIMEOUT_S (default 60), EDGEGRAM_SETTINGS (a JSON
;; object sent as the `edgegram' section instead of the config's) and EDGEGRAM_ABSENT (a
;; text no diagnostic may show once the settings apply, e.g. a rule switched off).

(require 'cl-lib)
(require 'json)
(require 'subr-x)

(defvar edgegram-check-timeout (string-to-number (or (getenv "EDGEGRAM_TIMEOUT_S") "60")))
(defvar edgegram-check-text
  (let ((text (getenv "EDGEGRAM_TEXT")))
    (if (and text (not (string-empty-p text))) text "They is going to teh park.\n\n```\nteh code\n```\n")))

(defun edgegram-check-say (format-string &rest args)
  (princ (concat "emacs_check: " (apply #'format format-string args) "\n")))

(defun edgegram-check-fail (format-string &rest args)
  (edgegram-check-say "FAIL: %s" (apply #'format format-string args))
  (kill-emacs 1))

(defun edgegram-check-wait (what condition)
  "Wait until CONDITION returns non-nil (processing server output); fail after the timeout."
  (let ((deadline (+ (float-time) edgegram-check-timeout)) value)
    (while (and (not (setq value (funcall condition))) (< (float-time) deadline))
      (accept-process-output nil 0.05)
      ;; Batch Emacs is never idle: run the idle timers (eglot sends didChange from one)
      ;; as the command loop would once the user stops typing.
      (dolist (timer (copy-sequence timer-idle-list)) (timer-event-handler timer))
      (when (and (bound-and-true-p flymake-mode) (fboundp 'flymake-start)) (flymake-start nil t)))
    (or value (edgegram-check-fail "timed out after %s s waiting for %s" edgegram-check-timeout what))))

(defun edgegram-check-diagnostics ()
  (cl-remove-if-not (lambda (d) (string-match-p "edgegram" (format "%s" (flymake-diagnostic-text d))))
                    (flymake-diagnostics)))

(condition-case err
    (progn
      (unless (require 'markdown-mode nil t)  ; Debian: elpa-markdown-mode; else a stand-in
        (define-derived-mode markdown-mode text-mode "Markdown")
        (add-to-list 'auto-mode-alist '("\\.md\\'" . markdown-mode)))
      (load (expand-file-name "docs/emacs/edgegram.el") nil t)
      (require 'eglot)  ; what eglot-ensure's autoload does; the config's with-eval-after-load runs now
      (let ((command (getenv "EDGEGRAM_SERVER_CMD")))
        (when (and command (not (string-empty-p command)))
          (let ((entry (cl-find-if (lambda (e) (equal (cdr e) '("edgegram" "serve"))) eglot-server-programs)))
            (setcdr entry (append (json-read-from-string command) nil)))))
      (edgegram-check-say "server: %s"
                          (cdr (cl-find-if (lambda (e) (memq 'markdown-mode (car-safe e))) eglot-server-programs)))
      (let ((settings (getenv "EDGEGRAM_SETTINGS")))
        (when (and settings (not (string-empty-p settings)))
          (setq-default eglot-workspace-configuration
                        (list :edgegram (json-parse-string settings :object-type 'plist)))))
      (setq eglot-sync-connect t flymake-no-changes-timeout nil)
      (let* ((dir (make-temp-file "edgegram-emacs" t))
             (file (expand-file-name "sample.md" dir)))
        (with-temp-file file (insert edgegram-check-text))
        (find-file file)
        (unless (derived-mode-p 'text-mode) (edgegram-check-fail "%s is not in a text mode" file))
        (run-hooks 'post-command-hook)  ; what the command loop does after find-file (eglot-ensure waits for it)
        (edgegram-check-wait "eglot to connect" (lambda () (eglot-current-server)))
        (flymake-mode 1)
        (let* ((diagnostics (edgegram-check-wait "edgegram diagnostics" #'edgegram-check-diagnostics))
               (code-start (save-excursion (goto-char (point-min)) (search-forward "```") (point))))
          (edgegram-check-say "%d diagnostics: %s" (length diagnostics)
                              (mapconcat #'flymake-diagnostic-text diagnostics " | "))
          (when (cl-some (lambda (d) (> (flymake-diagnostic-beg d) code-start)) diagnostics)
            (edgegram-check-fail "a diagnostic inside the code block"))
          (let ((absent (getenv "EDGEGRAM_ABSENT")))
            (when (and absent (not (string-empty-p absent)))
              ;; the first diagnostics may predate the settings: give them time to apply (a loaded
              ;; machine may take seconds to re-check; the wait ends as soon as they have)
              (let ((shows (lambda () (cl-some (lambda (d) (string-search absent (flymake-diagnostic-text d)))
                                               (edgegram-check-diagnostics))))
                    (deadline (+ (float-time) 20)))
                (while (and (funcall shows) (< (float-time) deadline))
                  (accept-process-output nil 0.05)
                  (flymake-start nil t))
                (when (funcall shows) (edgegram-check-fail "a diagnostic shows %S" absent))
                (setq diagnostics (edgegram-check-diagnostics))
                (edgegram-check-say "none shows %S: %s" absent
                                    (mapconcat #'flymake-diagnostic-text diagnostics " | ")))))
          (goto-char (point-min))
          (search-forward "teh")
          (let ((beg (match-beginning 0)) (end (match-end 0))
                (before (length diagnostics)))
            (unless (cl-some (lambda (d) (= (flymake-diagnostic-beg d) beg)) diagnostics)
              (edgegram-check-fail "no diagnostic on the first 'teh'"))
            ;; M-x eglot-code-actions on the word, then RET: the preferred action (the fix).
            (goto-char beg)
            (let ((last-nonmenu-event ?\r))
              (cl-letf (((symbol-function 'completing-read)
                         (lambda (_prompt _collection &optional _predicate _require _initial _history default &rest _)
                           default)))
                (eglot-code-actions beg end nil t)))
            (edgegram-check-say "fixed text: %s" (buffer-substring-no-properties (point-min) (line-end-position)))
            (unless (string-prefix-p "They is going to the park." (buffer-string))
              (edgegram-check-fail "the quick fix was not applied: %S" (buffer-string)))
            (unless (string-match-p "```\nteh code\n```" (buffer-string))
              (edgegram-check-fail "the code block changed: %S" (buffer-string)))
            (edgegram-check-wait "the fixed word's diagnostic to go"
                                 (lambda () (let ((now (edgegram-check-diagnostics)))
                                              (and (< (length now) before) now))))
            (edgegram-check-say "PASS: %d diagnostics left" (length (edgegram-check-diagnostics))))))
      (kill-emacs 0))
  (error (edgegram-check-fail "%s" (error-message-string err))))
