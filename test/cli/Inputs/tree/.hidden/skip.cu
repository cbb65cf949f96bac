#error "hidden folders are skipped"
