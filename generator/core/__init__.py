"""What every layer shares: the user-error type, atomic writes, the locked read-modify-write."""
