"""A sentence read word by word: word classes and inflections, the closed word classes, parts
of speech, the words of the trade, which edits fix mechanics, and how an edit is described."""
