"""Snake battles of card programs in the editor: the board, why a snake moved, and a what-if
from any step."""
