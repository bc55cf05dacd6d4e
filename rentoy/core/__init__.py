"""The ground floor: what every other floor uses and that knows no Rentoy: value
classes, errors, limits, files, worker processes, the language spoken."""
