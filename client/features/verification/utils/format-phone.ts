/** A UK mobile in E.164 as people write it: "+447400123456" → "+44 7400 123456". Anything else stays as given. */
export function formatPhoneNumber(e164: string): string {
  const mobile = e164.match(/^\+44(7\d{3})(\d{6})$/);
  return mobile ? `+44 ${mobile[1]} ${mobile[2]}` : e164;
}
