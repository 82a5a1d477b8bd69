"""polarity"""
