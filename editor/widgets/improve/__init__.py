"""Improving the open program automatically, in the app: the options ``snakepit improve`` has, a
search in a worker thread (or a process pool, or a Dask cluster), a live plot of the best score,
the best program as a card diff against the document, and "Take this program" as one undo step."""
