"""The test bench: a position set up by hand, how the program decides there (as text and over
the field), and the program's tests kept from such positions."""
