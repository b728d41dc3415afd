"""The course's test bank: read its Spanish transcripts (`transcript`), turn each into a rawdeal
scenario (`importer`) and write the scenarios (`bank`)."""
