"""placeholder"""
def check(context):
    return []
