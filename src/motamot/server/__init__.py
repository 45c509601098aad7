"""The motamot web server: pages, static client, one websocket per player (issue 11).

An interface layer: it parses what browsers send, hands commands to the
service's RoomHost and renders what the rooms let each seat see.
"""
