"""Remote play: the game host, its wire protocol, remote seats and the SSH front door."""
