"""Parts of ``bench/latency.py`` kept out of ``bench/*.py`` (which ``make bench`` runs one by
one): the machine-load check (``load``), the proxy in front of several Daphnes (``proxy``),
the matches (``tables``), the seats' sockets (``sockets``) and the figures and their report
(``figures``)."""
