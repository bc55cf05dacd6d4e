"""The data layer: reading the model from files (bounded YAML, validation, sources,
glossary, quotations, the family of games, the variants), generating the schema and the
typed rules, and the translation catalogs."""
