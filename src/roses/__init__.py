"""What the two games of the site share, one copy imported by both: the seeded generator
(``roses.rng``) and the tournament arithmetic (``roses.stats``). Standard library only."""
