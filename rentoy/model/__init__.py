"""The model: what a variant is (cards, the rule table, typed rules, provenance, claims,
dependencies between rules, consistency, the variant, notation), as data; no file is
read here."""
