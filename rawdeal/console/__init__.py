"""`rawdeal play`: rawdeal's own console for people, in English (the course's is `rawdeal.course`)."""
