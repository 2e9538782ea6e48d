"""Reading an answer's sentences: what happens in them, their results, what the question asks; shared by the live
interview and the report (`feedback.scoring`), so both judge an answer the same way."""
