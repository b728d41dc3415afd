"""Outputs and their files: saves (`save`), transcripts (`transcript`), atomic writes (`files`)."""
