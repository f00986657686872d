"""Lowlands over the network: the table hub (``net.hub``), its messages
(``net.protocol``), the SSH server (``net.ssh``) and the browser front
(``net.web``). ARCHITECTURE.md, "Tables over the network", explains the design.
"""
