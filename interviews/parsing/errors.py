"""The one error a candidate sees when a document cannot be used."""


class DocumentError(Exception):
    """A document was refused or could not be read; `message` is written for the candidate."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message
