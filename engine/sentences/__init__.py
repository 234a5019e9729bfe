"""What a sentence is: cutting text into sentences, the model's single-line view of one (code
as placeholders, markup left out) mapped back exactly, and which words are English."""
