# expect: blocked
# raw socket to the host
import socket
socket.create_connection(("127.0.0.1", HOST_PORT)).sendall(b"leak")
