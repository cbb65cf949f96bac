"""on-tty.py CMD...: runs CMD with stdout and stderr on a pseudo-terminal
and prints what it wrote there, escape sequences as \\e and carriage
returns as \\r, one line per line."""
import os
import pty
import subprocess
import sys

master, slave = pty.openpty()
p = subprocess.Popen(sys.argv[1:], stdout=slave, stderr=slave, stdin=subprocess.DEVNULL)
os.close(slave)
data = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:  # EIO: the child closed the terminal
        break
    if not chunk:
        break
    data += chunk
p.wait()
text = data.decode(errors="replace").replace("\r\n", "\n")
print(text.replace("\x1b", "\\e").replace("\r", "\\r"), end="")
print("exit status %d" % p.returncode)
