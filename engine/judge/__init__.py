"""Which proposed edits may be shown and how sure each is: the safety rules, the rules' and the
speller's edits merged with the model's, the document prior and the edit judge."""
