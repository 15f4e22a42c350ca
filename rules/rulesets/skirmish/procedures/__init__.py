"""The pure procedures of the text: the roll (#2), shooting and damage (#5, #5A), CQC (#5B), activation, falls and clean-up."""
