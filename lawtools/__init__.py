"""lawtools: the Laws of Duplicate Bridge as a structured, searchable, executable corpus."""

__version__ = "0.1.0"
