"""Items of Qt's item views for the editor tests: Qt gives None for a row that is not there,
and a test that looks at a row means it is there (an AssertionError names the row if not)."""

from __future__ import annotations

from PySide6.QtWidgets import QTableWidget, QTableWidgetItem, QTreeWidget, QTreeWidgetItem


def top_item(tree: QTreeWidget, row: int) -> QTreeWidgetItem:
    item = tree.topLevelItem(row)
    assert item is not None, f"the tree has no row {row} (it has {tree.topLevelItemCount()})"
    return item


def table_item(table: QTableWidget, row: int, column: int) -> QTableWidgetItem:
    item = table.item(row, column)
    assert item is not None, f"the table has no item at row {row}, column {column}"
    return item
