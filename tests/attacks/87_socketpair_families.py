# expect: blocked
# seen-read: none
# stdout-has: socketpair refused
# socketpair with network families runs their kernel code (only AF_UNIX may)
import socket
opened = []
for family in (socket.AF_INET, socket.AF_INET6, 16, 40, 38):
    try:
        socket.socketpair(family, socket.SOCK_STREAM)
        opened.append(family)
    except OSError as e:
        if e.errno != 1:
            opened.append((family, e.errno))
print("socketpair refused" if not opened else "socketpair reached %r" % opened)
