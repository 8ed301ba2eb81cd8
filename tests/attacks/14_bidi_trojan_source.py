# expect: blocked
# trojan-source bidi characters
access = "user"
if access != "admin‮ ⁦# check if admin⁩ ⁦":
    print("granted")
