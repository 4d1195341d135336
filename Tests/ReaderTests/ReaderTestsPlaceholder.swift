// Keeps the ReaderTests target buildable on the `ui` branch until the reader's own tests are merged.
