"""What a person can ask of the vault: import, list, search, show, restore, delete, …"""
