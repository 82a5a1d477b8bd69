"""hybrid"""
