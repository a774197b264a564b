"""Rule data read from files: TOML tables and packs, checked by pydantic, with safe reads."""
